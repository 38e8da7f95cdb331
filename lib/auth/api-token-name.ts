// An API token's name rules, apart from the schema so that the Settings form has them without zod.
export const MAX_TOKEN_NAME_LENGTH = 50;
export const TOKEN_NAME_REQUIRED_MESSAGE = "Please give the token a name";
export const TOKEN_NAME_TOO_LONG_MESSAGE = `Token names can be at most ${MAX_TOKEN_NAME_LENGTH} characters`;
