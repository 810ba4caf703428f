import type { Role } from '#shared/permissions.ts';

/** Who is calling, as every domain function receives it. */
export interface Actor {
  id: number;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
}
