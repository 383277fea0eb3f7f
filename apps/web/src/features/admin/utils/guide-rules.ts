import type { AdminTransition, Status } from '@sendero/contract';

/**
 * SPEC.md §4: Aprobar is disabled when already Aprobado; Rechazar when Rechazado or Aprobado;
 * 'Bloquear Beneficios de Guía' is enabled only when Aprobado. The server enforces the same rules.
 */
export function isTransitionAllowed(transition: AdminTransition, status: Status): boolean {
  switch (transition) {
    case 'approve':
      return status !== 'Aprobado';
    case 'reject':
      return status !== 'Rechazado' && status !== 'Aprobado';
    case 'blockGuide':
      return status === 'Aprobado';
  }
}
