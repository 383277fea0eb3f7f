import { Link as RouterLink } from 'react-router';
import { COLORS, LANDING_TEXT } from '@sendero/contract';
import css from './logo.module.css';

/** The Sendero mark: a mountain with the sun, drawn inline (no image request). */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={COLORS.purple} />
      <path d="M6 50 24 20l9 14 6-9 19 25z" fill="#fff" />
      <path d="M24 20l-5 8 5-3 4 3z" fill={COLORS.coral} />
      <circle cx="47" cy="16" r="6" fill={COLORS.coral} />
    </svg>
  );
}

interface LogoProps {
  /** Colour of the word: dark on light backgrounds, white on the purple hero. */
  tone?: 'dark' | 'light';
  size?: number;
}

/**
 * The logo as a link to the landing page (docs/product.md#routes-and-guards: 'The logo goes to /').
 * Its look is in the style attribute, so the static first paint of /ingresar and /registro
 * (prerendered at build time, src/boot/prerender.tsx) has it before any stylesheet arrives; the
 * stylesheet adds only the focus ring.
 */
export function Logo({ tone = 'dark', size = 40 }: LogoProps) {
  const look = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 8,
    textDecoration: 'none',
    fontWeight: 700,
    borderRadius: 8,
    color: tone === 'light' ? '#fff' : '#6f1f8b',
    fontSize: size * 0.6,
  } as const;
  return (
    <RouterLink to="/" aria-label={LANDING_TEXT.logo} className={css.logo} style={look}>
      <LogoMark size={size} />
      <span>{LANDING_TEXT.brand}</span>
    </RouterLink>
  );
}
