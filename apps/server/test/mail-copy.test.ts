import { describe, expect, it } from 'vitest';
import * as templates from '@/mail/templates.js';

/** Masculine forms used for anyone where a neutral form exists (packages/contract/src/neutral-copy.test.ts). */
const GENDERED = /\b(bienvenido|inscritos?|viajero|estimado|querido)\b/iu;

describe('mail copy', () => {
  it('every mail speaks in a neutral form, also to a person without a first name', () => {
    for (const firstname of ['Ana', '']) {
      for (const [name, make] of Object.entries(templates)) {
        if (typeof make !== 'function') continue;
        // Every argument after the recipient is a string; a template reads the ones it has.
        const mail = (make as unknown as (...a: unknown[]) => { text: string; subject: string })(
          { email: 'a@b.pe', firstname },
          'Laguna',
          'sábado',
          'Derrumbe en el tramo final.',
          'https://sendero.pe',
        );
        expect(`${mail.subject}\n${mail.text}`, name).not.toMatch(GENDERED);
      }
    }
  });
});
