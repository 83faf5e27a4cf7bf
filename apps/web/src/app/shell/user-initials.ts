import type { User } from '@sente/contracts/accounts';

export const userInitials = (user: User) => `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();
