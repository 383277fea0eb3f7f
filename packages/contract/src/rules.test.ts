import { describe, expect, it } from 'vitest';
import { STATUSES } from './constants.js';
import { MSG } from './messages.js';
import {
  ADMIN_TRANSITIONS,
  canDeleteReview,
  canEditPlace,
  canEditReview,
  canSeePlace,
  canWriteReview,
  isTransitionAllowed,
  transitionFor,
  transitionRefusal,
  type Caller,
} from './rules.js';

const creator: Caller = { id: 'u1', role: 'user' };
const other: Caller = { id: 'u2', role: 'guide' };
const admin: Caller = { id: 'a1', role: 'admin' };
const unconfirmed: Caller = { id: 'u1', role: null };

describe('who may see and edit a place', () => {
  it('a verified place is visible to anyone; an unverified one to its creator and admins only', () => {
    expect(canSeePlace({ verified: true, id_user: 'u1' }, null)).toBe(true);
    const pending = { verified: false, id_user: 'u1' };
    expect([null, creator, other, admin].map((c) => canSeePlace(pending, c))).toEqual([false, true, false, true]);
  });

  it('the creator and admins edit; nobody while the role is unconfirmed', () => {
    const place = { id_user: 'u1' };
    expect([null, creator, other, admin, unconfirmed].map((c) => canEditPlace(place, c))).toEqual([false, true, false, true, false]);
  });
});

describe('who may write and delete a review', () => {
  it('only the author corrects; admins delete, they do not edit', () => {
    const review = { id_user: 'u2' };
    expect([null, creator, other, admin, { id: 'u2', role: null }].map((c) => canEditReview(review, c))).toEqual([false, false, true, false, false]);
  });

  it('the author and admins delete', () => {
    const review = { id_user: 'u2' };
    expect([null, creator, other, admin, { id: 'u2', role: null }].map((c) => canDeleteReview(review, c))).toEqual([false, false, true, true, false]);
  });

  it('every confirmed role but admin writes', () => {
    expect([null, creator, other, admin, unconfirmed].map(canWriteReview)).toEqual([false, true, true, false, false]);
  });
});

describe('guide transitions', () => {
  it('each {status, role} body names one transition; anything else none', () => {
    expect(transitionFor('Aprobado', 'guide')).toBe('approve');
    expect(transitionFor('Rechazado', 'user')).toBe('reject');
    expect(transitionFor('none', 'user')).toBe('blockGuide');
    expect(transitionFor('Aprobado', 'admin')).toBeUndefined();
    expect(transitionFor('Enviado', 'user')).toBeUndefined();
  });

  it.each(STATUSES)('from %s exactly the allowed transitions pass, the others say why', (status) => {
    const allowed = (Object.keys(ADMIN_TRANSITIONS) as (keyof typeof ADMIN_TRANSITIONS)[]).filter((t) => isTransitionAllowed(t, status));
    const expected = { none: ['approve', 'reject'], Enviado: ['approve', 'reject'], Aprobado: ['blockGuide'], Rechazado: ['approve'] }[status];
    expect(allowed).toEqual(expected);
    if (!allowed.includes('approve')) expect(transitionRefusal('approve', status)).toBe(MSG.approveNotAllowed);
    if (!allowed.includes('reject')) expect(transitionRefusal('reject', status)).toBe(MSG.rejectNotAllowed);
    if (!allowed.includes('blockGuide')) expect(transitionRefusal('blockGuide', status)).toBe(MSG.blockNotAllowed);
  });
});
