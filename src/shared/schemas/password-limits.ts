/** Password lengths, apart from the password rules: the sign-in needs the maximum without the common-password list. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
