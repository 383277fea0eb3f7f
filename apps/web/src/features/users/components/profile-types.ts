import type { User } from '@sendero/contract';

/** What the profile screen shows, from the user record or the admin record. */
export type ProfileData = Pick<User, '_id' | 'firstname' | 'lastname' | 'email' | 'photo_url'>;
