// Types of response-headers.mjs (plain JavaScript, read by next.config.mjs).

export type HeaderEntry = { key: string; value: string };

export declare const BASELINE_SECURITY_HEADERS: HeaderEntry[];

export declare const API_HEADERS: HeaderEntry[];

export declare const TOKEN_API_CORS_HEADERS: HeaderEntry[];
