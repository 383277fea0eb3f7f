import Chip from '@mui/material/Chip';
import { STATUS_LABELS, type Status, TEXT } from '@sendero/contract';

/** Pale backgrounds with dark text: every pair keeps WCAG AA contrast for small text. */
const TONES = {
  neutral: { bgcolor: '#eeeeee', color: '#333333' },
  pending: { bgcolor: '#fff3e0', color: '#7a3e00' },
  good: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  bad: { bgcolor: '#fdecea', color: '#9b1c1c' },
} as const;
type Tone = keyof typeof TONES;

const STATUS_TONE: Record<Status, Tone> = { none: 'neutral', Enviado: 'pending', Aprobado: 'good', Rechazado: 'bad' };

function Tag({ label, tone }: { label: string; tone: Tone }) {
  return <Chip label={label} size="small" sx={{ ...TONES[tone], fontWeight: 500 }} />;
}

/** A guide application status as the admin reads it ('Sin solicitud' for none). */
export function StatusChip({ status }: { status: Status }) {
  return <Tag label={STATUS_LABELS[status]} tone={STATUS_TONE[status]} />;
}

/** 'Verificado' / 'No verificado'. */
export function VerifiedChip({ verified }: { verified: boolean }) {
  return verified ? <Tag label={TEXT.admin.verified} tone="good" /> : <Tag label={TEXT.admin.notVerified} tone="pending" />;
}
