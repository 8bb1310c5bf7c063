/** The page where a suspended account can still download its data and delete itself (ADR 023). */
export const SUSPENDED_ACCOUNT_PATH = "/konto-gesperrt";

/** How long the access to that page lasts after the password was shown at the sign-in form. */
export const SUSPENDED_ACCESS_MINUTES = 15;
