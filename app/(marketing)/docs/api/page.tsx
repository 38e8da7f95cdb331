import type { Metadata } from "next";
import { apiDocument } from "@/lib/api-docs/document";
import {
  referenceOf,
  type ReferenceAnswer,
  type ReferenceField,
  type ReferenceOperation,
  type ReferenceVariant,
} from "@/lib/api-docs/reference";
import { ERROR_CODE_MEANINGS, ERROR_CODES } from "@/lib/http/error-codes";

// The API reference: the OpenAPI document (GET /api/openapi.json) rendered on the server as plain
// HTML, with no script of its own. Public, so a script's author can read it without an account.

export const metadata: Metadata = { title: "API reference" };

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  POST: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  PATCH: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  DELETE: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100",
};

const codeClass = "rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]";

function Fields({ fields, caption }: { fields: ReferenceField[]; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Name
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Type
          </th>
          <th scope="col" className="py-1 font-medium">
            About
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name} className="border-t align-top">
            {/* A long field name (digestWithoutNewLinks) may wrap: the table fits a 375 px screen. */}
            <td className="py-1 pr-3 [overflow-wrap:anywhere]">
              <code className={codeClass}>{field.name}</code>
              {field.required ? <span className="ml-1 text-xs text-muted-foreground">required</span> : null}
            </td>
            <td className="py-1 pr-3 font-mono text-xs break-all">
              <TypeName type={field.type} />
            </td>
            <td className="py-1">{field.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A type, linked to its schema below when it names one (`Link`, `Link[]`). */
function TypeName({ type }: { type: string }) {
  const named = /^([A-Z]\w*)(\[\])?$/.exec(type);
  if (!named) return <>{type}</>;
  return (
    <a href={`#schema-${named[1]}`} className="text-primary underline">
      {type}
    </a>
  );
}

/** The shapes of a body, an answer or a schema: a table of fields each, or the type alone. */
function Variants({ variants, caption }: { variants: ReferenceVariant[]; caption: string }) {
  return (
    <>
      {variants.length > 1 ? <p className="text-sm text-muted-foreground">One of:</p> : null}
      {variants.map((variant, index) =>
        variant.fields.length > 0 ? (
          <Fields key={index} caption={caption} fields={variant.fields} />
        ) : (
          <p key={index} className="font-mono text-xs break-all">
            <TypeName type={variant.type} />
          </p>
        ),
      )}
    </>
  );
}

function Answer({ answer, caption }: { answer: ReferenceAnswer; caption: string }) {
  return (
    <li className="grid gap-1 border-t py-2">
      <p className="text-sm">
        <span className="font-mono font-semibold">{answer.status}</span>
        {answer.type && answer.codes.length === 0 ? (
          <span className="ml-2 font-mono text-xs break-all">
            <TypeName type={answer.type} />
          </span>
        ) : null}
        {answer.mediaTypes.length > 0 ? (
          <span className="ml-2 text-xs text-muted-foreground">{answer.mediaTypes.join(", ")}</span>
        ) : null}
        {answer.headers.length > 0 ? (
          <span className="ml-2 text-xs text-muted-foreground">headers: {answer.headers.join(", ")}</span>
        ) : null}
      </p>
      {answer.codes.length > 0 ? (
        <p className="flex flex-wrap gap-1 text-sm">
          {answer.codes.map((code) => (
            <a key={code} href={`#code-${code}`} className={codeClass}>
              {code}
            </a>
          ))}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{answer.description}</p>
          {answer.variants.length > 0 ? <Variants variants={answer.variants} caption={caption} /> : null}
        </>
      )}
    </li>
  );
}

function Operation({ operation }: { operation: ReferenceOperation }) {
  return (
    <section id={operation.id} aria-labelledby={`${operation.id}-title`} className="grid gap-3 rounded-md border p-4">
      <h3 id={`${operation.id}-title`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-xs ${METHOD_COLOURS[operation.method] ?? ""}`}>
          {operation.method}
        </span>
        <code className="font-mono text-sm break-all">{operation.path}</code>
        <span className="font-normal text-muted-foreground">{operation.summary}</span>
      </h3>
      {operation.description ? <p className="text-sm">{operation.description}</p> : null}
      <p className="text-sm text-muted-foreground">{operation.access}.</p>
      {operation.parameters.length > 0 ? (
        <div className="grid gap-1">
          <h4 className="text-sm font-semibold">Parameters</h4>
          <Fields
            caption={`Parameters of ${operation.method} ${operation.path}`}
            fields={operation.parameters.map((parameter) => ({
              ...parameter,
              description: [`in ${parameter.in}`, parameter.description].filter(Boolean).join(": "),
            }))}
          />
        </div>
      ) : null}
      {operation.body ? (
        <div className="grid gap-1">
          <h4 className="text-sm font-semibold">
            Body <span className="font-normal text-muted-foreground">{operation.body.mediaType}</span>
            {operation.body.required ? null : <span className="font-normal text-muted-foreground"> (optional)</span>}
          </h4>
          <Variants
            variants={operation.body.variants}
            caption={`Body fields of ${operation.method} ${operation.path}`}
          />
        </div>
      ) : null}
      <div className="grid gap-1">
        <h4 className="text-sm font-semibold">Answers</h4>
        <ul>
          {operation.answers.map((answer) => (
            <Answer
              key={answer.status}
              answer={answer}
              caption={`Fields of the ${answer.status} answer of ${operation.method} ${operation.path}`}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function ApiReferencePage() {
  const reference = referenceOf(apiDocument());
  return (
    <div className="mx-auto grid max-w-4xl gap-10 px-4 py-10 sm:px-6 sm:py-14">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{reference.title}</h1>
        <p className="text-muted-foreground">
          Save and read links from scripts and browser extensions. Create a personal API token in{" "}
          <a href="/settings" className="font-medium text-primary underline underline-offset-4">
            Settings → API tokens
          </a>{" "}
          and send it as <code className={codeClass}>Authorization: Bearer lsk_…</code>. Only the links, categories and
          feeds operations take a token; the others need the browser session. The machine-readable form of this page is{" "}
          <a href="/api/openapi.json" className="font-medium text-primary underline underline-offset-4">
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1, version {reference.version}).
        </p>
        <nav aria-label="Sections">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {reference.sections.map((section) => (
              <li key={section.tag}>
                <a href={`#tag-${section.tag.replaceAll(" ", "-")}`} className="text-primary underline">
                  {section.tag}
                </a>
              </li>
            ))}
            <li>
              <a href="#errors" className="text-primary underline">
                error codes
              </a>
            </li>
            <li>
              <a href="#schemas" className="text-primary underline">
                schemas
              </a>
            </li>
          </ul>
        </nav>
      </header>

      <section id="errors" aria-labelledby="errors-title" className="grid gap-3">
        <h2 id="errors-title" className="text-2xl font-semibold">
          Errors
        </h2>
        <p>
          Every error answer is JSON <code className={codeClass}>{'{ "code": …, "message": … }'}</code>. Branch on the
          code, which stays; show the message, which is written for people. A 500 adds{" "}
          <code className={codeClass}>requestId</code>, the id of the server&apos;s log line.
        </p>
        <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          {ERROR_CODES.map((code) => (
            <div key={code} id={`code-${code}`} className="contents">
              <dt>
                <code className={codeClass}>{code}</code>
              </dt>
              <dd className="text-muted-foreground">{ERROR_CODE_MEANINGS[code]}</dd>
            </div>
          ))}
        </dl>
      </section>

      {reference.sections.map((section) => (
        <section
          key={section.tag}
          id={`tag-${section.tag.replaceAll(" ", "-")}`}
          aria-labelledby={`tag-${section.tag.replaceAll(" ", "-")}-title`}
          className="grid gap-4"
        >
          <div className="grid gap-1">
            <h2 id={`tag-${section.tag.replaceAll(" ", "-")}-title`} className="text-2xl font-semibold capitalize">
              {section.tag}
            </h2>
            <p className="text-muted-foreground">{section.description}</p>
          </div>
          {section.operations.map((operation) => (
            <Operation key={operation.id} operation={operation} />
          ))}
        </section>
      ))}

      <section id="schemas" aria-labelledby="schemas-title" className="grid gap-4">
        <h2 id="schemas-title" className="text-2xl font-semibold">
          Schemas
        </h2>
        {reference.schemas.map((schema) => (
          <section key={schema.name} aria-labelledby={`schema-${schema.name}`} className="grid gap-2">
            <h3 id={`schema-${schema.name}`} className="font-mono text-base font-semibold">
              {schema.name}
            </h3>
            {schema.description ? <p className="text-sm text-muted-foreground">{schema.description}</p> : null}
            <Variants variants={schema.variants} caption={`Fields of ${schema.name}`} />
          </section>
        ))}
      </section>
    </div>
  );
}
