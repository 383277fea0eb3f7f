import { describe, expect, it } from 'vitest';
import { socialHref } from './social-links';

describe('social links on the admin user profile', () => {
  it.each([
    ['instagram', '@camila.senderos', 'https://www.instagram.com/camila.senderos'],
    ['instagram', 'camila_senderos', 'https://www.instagram.com/camila_senderos'],
    ['instagram', 'instagram.com/camila', 'https://instagram.com/camila'],
    ['facebook', 'facebook.com/camila.senderos', 'https://facebook.com/camila.senderos'],
    ['facebook', '@camila', 'https://www.facebook.com/camila'],
    ['linkedin', 'https://www.linkedin.com/in/camila', 'https://www.linkedin.com/in/camila'],
    ['linkedin', 'linkedin.com/in/camila', 'https://linkedin.com/in/camila'],
    ['other1', 'http://mi-blog.pe/rutas', 'http://mi-blog.pe/rutas'],
    ['other2', 'www.senderismo.org', 'https://www.senderismo.org/'],
  ] as const)('as an admin, %s "%s" opens %s', (field, value, href) => {
    expect(socialHref(field, value)).toBe(href);
  });

  it.each([
    ['other1', 'javascript:alert(1)'],
    ['other1', 'JavaScript:alert(1)'],
    ['other1', 'data:text/html,<script>alert(1)</script>'],
    ['other1', 'mailto:ana@example.com'],
    ['other1', 'http://localhost/x'],
    ['other1', 'mi blog de caminatas'],
    ['other1', 'camila.senderos'],
    ['linkedin', 'camila'],
    ['instagram', '@camila javascript:alert(1)'],
    ['other3', ''],
  ] as const)('as an admin, %s "%s" is shown as text, not as a link', (field, value) => {
    expect(socialHref(field, value)).toBeNull();
  });
});
