/**
 * Spec §5's password rule: one lowercase, one uppercase, one digit, one character that is none of those,
 * 8 or more in all. Without zod, so a page that checks a password by hand (the registration's review,
 * after a reload) shares the contract's rule without loading the schemas.
 */
export const strongPasswordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;
