import type { Admin, User } from '@sendero/contract';
import type { UserRow } from '@/db/schema.js';

/** The user as JSON (docs/product.md#calls): never the password hash or the token version. */
export function toUserJson(row: UserRow): User {
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    photo_url: row.photoUrl,
    role: row.role,
    status: row.status,
    instagram: row.instagram,
    facebook: row.facebook,
    linkedin: row.linkedin,
    other1: row.other1,
    other2: row.other2,
    other3: row.other3,
    about_you: row.aboutYou,
    email_notifications: row.emailNotifications,
    created_at: row.createdAt.toISOString(),
  };
}

export function toAdminJson(row: UserRow): Admin {
  return { _id: row.id, firstname: row.firstname, lastname: row.lastname, photo_url: row.photoUrl, email: row.email };
}
