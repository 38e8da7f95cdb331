// Apart from the schemas so that a form checking an address in the browser need not load zod.
export const EMAIL_MESSAGE = "Please enter a valid email address";
