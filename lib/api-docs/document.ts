import "server-only";
import {
  createDocument,
  type oas31,
  type ZodOpenApiContentObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { z } from "zod";
import { exportEndpoint } from "@/lib/export/contract";
import { importEndpoint } from "@/lib/import/contract";
import { DOCUMENT_OPERATIONS } from "@/lib/api-docs/contract";
import { ARTICLE_ENDPOINTS } from "@/lib/articles/contract";
import { SIGN_IN_OPERATIONS, TOKEN_ENDPOINTS } from "@/lib/auth/contract";
import { APP_PASSWORD_ENDPOINTS } from "@/lib/app-passwords/contract";
import { FEED_ENDPOINTS } from "@/lib/feeds/contract";
import { FEED_ITEM_ENDPOINTS } from "@/lib/subscriptions/feed-items-contract";
import { SUBSCRIPTION_ENDPOINTS } from "@/lib/subscriptions/contract";
import { BILLING_ENDPOINTS, STRIPE_OPERATIONS } from "@/lib/billing/contract";
import { CATEGORY_ENDPOINTS } from "@/lib/categories/contract";
import { USER_ENDPOINTS } from "@/lib/users/contract";
import { HIGHLIGHT_ENDPOINTS } from "@/lib/highlights/contract";
import { INVITATION_ENDPOINTS } from "@/lib/invitations/contract";
import { readingStatsEndpoint } from "@/lib/stats/contract";
import {
  backTodayEndpoint,
  deleteLinkEndpoint,
  historyEndpoint,
  linkCategoriesEndpoint,
  lookupLinkEndpoint,
  saveLinkEndpoint,
  todayLinksEndpoint,
  updateLinkEndpoint,
} from "@/lib/links/contract";
import { CRON_OPERATIONS, DIGEST_ENDPOINTS, UNSUBSCRIBE_OPERATIONS } from "@/lib/digests/contract";
import { HEALTH_OPERATIONS } from "@/lib/health/contract";
import { testEmailEndpoint } from "@/lib/mail/contract";
import { offlineSyncEndpoint } from "@/lib/offline/contract";
import {
  MAILGUN_OPERATIONS,
  regenerateSaveAddressEndpoint,
  saveAddressEndpoint,
  saveAddressSettingsEndpoint,
} from "@/lib/inbound-mail/contract";
import { kindleSettingsEndpoint, sendToKindleEndpoint, updateKindleSettingsEndpoint } from "@/lib/epub/contract";

import { TAGS } from "@/lib/api-docs/tags";
import { errorsOf, type Operation, operationOf } from "@/lib/http/contract";
import { errorSchema } from "@/lib/api-docs/responses";
import { ERROR_CODE_MEANINGS, ERROR_CODES, type ErrorCode } from "@/lib/http/error-codes";
import packageJson from "@/package.json";

// The OpenAPI 3.1 document of every /api route (GET /api/openapi.json, and the /docs/api page),
// rendered from the domains' contracts by zod-openapi: request schemas are the route handlers' own
// zod schemas, answers the contracts' answer schemas, and each error status lists the codes the
// operation can answer. Built once per process; it depends on nothing of the instance.

export const ERROR_SCHEMA_REF = "#/components/schemas/Error";

const SECURITY: Record<Operation["access"], oas31.SecurityRequirementObject[]> = {
  token: [{ personalToken: [] }, { session: [] }],
  session: [{ session: [] }],
  // An app's access token comes from the OAuth token endpoint, outside this document.
  app: [{ personalToken: [] }],
  public: [],
  cron: [{ cronSecret: [] }],
  signature: [],
};

const retryAfter = z.object({
  "Retry-After": z.string().meta({ description: "Seconds to wait before trying again." }),
});

/** One error status of an operation: the Error schema, its code narrowed to the ones listed. */
function errorAnswer(status: number, codes: ErrorCode[]) {
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_CODE_MEANINGS[code]}`).join("\n"),
    ...(status === 429 ? { headers: retryAfter } : {}),
    content: {
      "application/json": {
        schema: { allOf: [{ $ref: ERROR_SCHEMA_REF }], properties: { code: { enum: codes } } },
      },
    },
  };
}

function contentOf(schema: z.ZodType, mediaType = "application/json"): ZodOpenApiContentObject {
  return { [mediaType]: { schema } };
}

function mapContent(content: Record<string, z.ZodType>): ZodOpenApiContentObject {
  return Object.fromEntries(Object.entries(content).map(([mediaType, schema]) => [mediaType, { schema }]));
}

function operationObject(operation: Operation): ZodOpenApiOperationObject {
  const answered = Object.entries(operation.answers).flatMap(([status, answer]) =>
    answer
      ? [
          [
            status,
            {
              description: answer.description,
              ...(answer.headers ? { headers: answer.headers } : {}),
              ...(answer.content ? { content: mapContent(answer.content) } : {}),
              ...(answer.schema ? { content: contentOf(answer.schema, answer.mediaType) } : {}),
            },
          ],
        ]
      : [],
  );
  const refused = Object.entries(errorsOf(operation)).flatMap(([status, codes]) =>
    codes ? [[status, errorAnswer(Number(status), codes)]] : [],
  );
  const responses: ZodOpenApiResponsesObject = Object.fromEntries([...answered, ...refused]);
  const { body } = operation;
  return {
    operationId: `${operation.method}${operation.path.replace(/[^A-Za-z0-9]+(\w?)/g, (_, next: string) => next.toUpperCase())}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: SECURITY[operation.access],
    ...(operation.params || operation.query
      ? {
          requestParams: {
            ...(operation.params ? { path: operation.params } : {}),
            ...(operation.query ? { query: operation.query } : {}),
          },
        }
      : {}),
    ...(body
      ? {
          requestBody: {
            required: body.required ?? true,
            ...(body.description ? { description: body.description } : {}),
            content: contentOf(body.schema, body.mediaType),
          },
        }
      : {}),
    responses,
  };
}

// Every operation of app/api, gathered from the domains' contracts (docs/decisions/0397) in the
// document's order. A new route gets its declaration there, or the route-coverage test fails.
export const OPERATIONS: Operation[] = [
  // Links
  operationOf(saveLinkEndpoint),
  operationOf(todayLinksEndpoint),
  operationOf(backTodayEndpoint),
  operationOf(historyEndpoint),
  operationOf(offlineSyncEndpoint),
  operationOf(lookupLinkEndpoint),
  operationOf(linkCategoriesEndpoint),
  operationOf(readingStatsEndpoint),
  operationOf(updateLinkEndpoint),
  operationOf(deleteLinkEndpoint),
  ...ARTICLE_ENDPOINTS.map(operationOf),
  ...HIGHLIGHT_ENDPOINTS.map(operationOf),
  // Categories
  ...CATEGORY_ENDPOINTS.map(operationOf),
  // Account
  ...USER_ENDPOINTS.map(operationOf),
  operationOf(saveAddressEndpoint),
  operationOf(saveAddressSettingsEndpoint),
  operationOf(kindleSettingsEndpoint),
  operationOf(updateKindleSettingsEndpoint),
  operationOf(regenerateSaveAddressEndpoint),
  ...FEED_ENDPOINTS.map(operationOf),
  ...FEED_ITEM_ENDPOINTS.map(operationOf),
  // Feed subscriptions
  ...SUBSCRIPTION_ENDPOINTS.map(operationOf),
  // Tokens
  ...TOKEN_ENDPOINTS.map(operationOf),
  ...APP_PASSWORD_ENDPOINTS.map(operationOf),
  // Invitations
  ...INVITATION_ENDPOINTS.map(operationOf),
  // Billing
  ...BILLING_ENDPOINTS.map(operationOf),
  // Digests
  ...DIGEST_ENDPOINTS.map(operationOf),
  ...Object.values(UNSUBSCRIBE_OPERATIONS),
  // Import and export
  operationOf(importEndpoint),
  operationOf(exportEndpoint),
  operationOf(sendToKindleEndpoint),
  // Sign-in
  ...Object.values(SIGN_IN_OPERATIONS),
  // Internal
  ...Object.values(HEALTH_OPERATIONS),
  ...Object.values(CRON_OPERATIONS),
  ...Object.values(STRIPE_OPERATIONS),
  ...Object.values(MAILGUN_OPERATIONS),
  operationOf(testEmailEndpoint),
  ...Object.values(DOCUMENT_OPERATIONS),
];

function pathsOf(operations: Operation[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  return paths;
}

const CODES_TABLE = ERROR_CODES.map((code) => `- \`${code}\`: ${ERROR_CODE_MEANINGS[code]}`).join("\n");

export function buildApiDocument(): oas31.OpenAPIObject {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "LinkStash API",
      version: packageJson.version,
      description: [
        "Save and read links from scripts and extensions with a personal API token (Settings → API tokens), sent as `Authorization: Bearer lsk_…`. Only the links, categories and feeds operations take a token, each when the token has its scope (a personal token has all; the browser extension's only saves, looks up and reads categories); the others need the browser session. A token where it may not go gets 403 `insufficient_scope`.",
        'Every error answer is JSON `{ "code": …, "message": … }`: branch on the code, show the message. A 500 adds `requestId`. The codes:',
        CODES_TABLE,
      ].join("\n\n"),
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        personalToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "lsk_…",
          description: "A personal API token from Settings → API tokens. Revoked tokens answer 401 `invalid_token`.",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description:
            "The browser session (`__Secure-next-auth.session-token` over https). A request that changes something must also carry this site's `Origin`.",
        },
        cronSecret: { type: "http", scheme: "bearer", description: "The instance's `CRON_SECRET`." },
      },
    },
    paths: pathsOf(OPERATIONS),
  });
}

let built: { document: oas31.OpenAPIObject; json: string } | undefined;

function once() {
  if (!built) {
    const document = buildApiDocument();
    built = { document, json: JSON.stringify(document) };
  }
  return built;
}

/** The document, built on first use. */
export function apiDocument(): oas31.OpenAPIObject {
  return once().document;
}

/** The document as JSON text, serialised once. */
export function apiDocumentJson(): string {
  return once().json;
}
