import type { AdminActionKind, Role, Status } from './constants.js';
import { MSG } from './messages.js';

/**
 * Who may do what, written once: the server enforces these, the web app uses the same functions to
 * show or hide controls (docs/product.md#roles-and-permissions).
 */

/**
 * The caller: on the server the authenticated user; in the browser the session's id with the role the
 * server confirmed (null while unknown, and then nothing role-specific is allowed).
 */
export interface Caller {
  id: string;
  role: Role | null;
}

/** A place as the rules see it: is it verified, and who created it. */
export interface PlaceOwnership {
  verified: boolean;
  id_user: string;
}

/** Verified places, any place for an admin, and the caller's own unverified ones. */
export function canSeePlace(place: PlaceOwnership, caller: Caller | null): boolean {
  return place.verified || caller?.role === 'admin' || (caller !== null && place.id_user === caller.id);
}

/** 'Configurar Destino': the creator or an admin. */
export function canEditPlace(place: Pick<PlaceOwnership, 'id_user'>, caller: Caller | null): boolean {
  if (!caller?.role) return false;
  return caller.role === 'admin' || place.id_user === caller.id;
}

/** Delete a review: its author or an admin. */
export function canDeleteReview(review: { id_user: string }, caller: Caller | null): boolean {
  if (!caller?.role) return false;
  return caller.role === 'admin' || review.id_user === caller.id;
}

/** Correct a review: its author only; admins delete reviews, they do not edit them (docs/product.md#reviews). */
export function canEditReview(review: { id_user: string }, caller: Caller | null): boolean {
  return Boolean(caller?.role) && caller?.role !== 'admin' && review.id_user === caller?.id;
}

/** Write a review: any signed-in role but admin (docs/product.md#reviews). */
export function canWriteReview(caller: Caller | null): boolean {
  return Boolean(caller?.role) && caller?.role !== 'admin';
}

/** The three admin transitions on a user's guide status (docs/product.md#guide-application-status). */
export const ADMIN_TRANSITIONS = {
  approve: { status: 'Aprobado', role: 'guide' },
  reject: { status: 'Rechazado', role: 'user' },
  blockGuide: { status: 'none', role: 'user' },
} as const;
export type AdminTransition = keyof typeof ADMIN_TRANSITIONS;

/** How each transition is written in the admin actions log. */
export const TRANSITION_ACTION: Record<AdminTransition, Extract<AdminActionKind, 'approve' | 'reject' | 'block_guide'>> = {
  approve: 'approve',
  reject: 'reject',
  blockGuide: 'block_guide',
};

/** The transition a `{status, role}` body asks for, or undefined when it is none of the three. */
export function transitionFor(status: string, role: string): AdminTransition | undefined {
  return (Object.keys(ADMIN_TRANSITIONS) as AdminTransition[]).find(
    (t) => ADMIN_TRANSITIONS[t].status === status && ADMIN_TRANSITIONS[t].role === role,
  );
}

/** Why a transition is refused from `status` (the 409 message), or undefined when it is allowed. */
export function transitionRefusal(transition: AdminTransition, status: Status): string | undefined {
  switch (transition) {
    case 'approve':
      return status === 'Aprobado' ? MSG.approveNotAllowed : undefined;
    case 'reject':
      return status === 'Rechazado' || status === 'Aprobado' ? MSG.rejectNotAllowed : undefined;
    case 'blockGuide':
      return status === 'Aprobado' ? undefined : MSG.blockNotAllowed;
  }
}

/** Aprobar, Rechazar and 'Bloquear Beneficios de Guía' are enabled exactly when the server allows them. */
export function isTransitionAllowed(transition: AdminTransition, status: Status): boolean {
  return transitionRefusal(transition, status) === undefined;
}

/** 'Organizar una salida': guides and admins (docs/product.md#outings). */
export function canOrganizeOuting(caller: Caller | null): boolean {
  return caller?.role === 'guide' || caller?.role === 'admin';
}

/** 'Personas inscritas (N)' and 'Cancelar salida': its guide (also once their benefits are blocked) or an admin. */
export function canManageOuting(outing: { id_guide: string }, caller: Caller | null): boolean {
  if (!caller?.role) return false;
  return caller.role === 'admin' || outing.id_guide === caller.id;
}

/** 'Inscribirme': anyone signed in except admins and the outing's own guide. */
export function canJoinOuting(outing: { id_guide: string }, caller: Caller | null): boolean {
  if (!caller?.role) return false;
  return caller.role !== 'admin' && outing.id_guide !== caller.id;
}
