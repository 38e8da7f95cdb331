import "server-only";
import { escapeHtml } from "@/lib/mail/html-escape";
import type { MailboxEntry } from "@/lib/mail/mailbox";
import { MAILBOX_CONTENT_SECURITY_POLICY } from "@/lib/http/security-headers";

/** Where the developer mailbox is served (a route handler: links to it are full navigations). */
export const MAILBOX_PATH = "/dev/mailbox";

// Plain server-rendered HTML for the developer mailbox: no app chrome, works without JavaScript.

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;max-width:960px;margin:auto;color:#111827}
table{width:100%;border-collapse:collapse}td,th{padding:8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
a{color:#2955d3}iframe{width:100%;height:70vh;border:1px solid #e5e7eb;border-radius:6px}
pre{white-space:pre-wrap;background:#f9fafb;padding:12px;border-radius:6px}@media(max-width:600px){td:nth-child(3){display:none}}`;

function page(title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": MAILBOX_CONTENT_SECURITY_POLICY,
    },
  });
}

export function mailboxListPage(messages: MailboxEntry[], to: string | null): Response {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="${MAILBOX_PATH}/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.createdAt)}</td></tr>`,
    )
    .join("");
  return page(
    "Local mailbox",
    `<h1>Local mailbox</h1><p>Emails sent by this instance while no mail provider is configured${to ? `, to ${escapeHtml(to)}` : ""}.</p>
<form method="get"><label>Recipient <input name="to" type="email" value="${escapeHtml(to ?? "")}"></label> <button>Filter</button></form>
${messages.length ? `<table><thead><tr><th>Subject</th><th>To</th><th>Sent</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No emails yet.</p>"}`,
  );
}

// Links in the previewed email open in a new tab: inside the frame, the app's pages refuse to be
// framed (frame-ancestors 'none').
function previewDocument(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i;
  return head.test(html) ? html.replace(head, (tag) => `${tag}${base}`) : `${base}${html}`;
}

export function mailboxMessagePage(message: MailboxEntry): Response {
  const headers = Object.entries(message.headers)
    .map(([key, value]) => `${escapeHtml(key)}: ${escapeHtml(value)}`)
    .join("\n");
  const attachments = message.attachments
    .map(
      (file) =>
        `<li><a href="${MAILBOX_PATH}/${message.id}/attachments/${file.id}">${escapeHtml(file.filename)}</a> (${escapeHtml(file.contentType)}, ${file.size} bytes)</li>`,
    )
    .join("");
  return page(
    message.subject,
    `<p><a href="${MAILBOX_PATH}">&larr; Mailbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<p>To ${escapeHtml(message.to)} &middot; ${escapeHtml(message.createdAt)}</p>${attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : ""}
<h2>HTML</h2><iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(previewDocument(message.html))}"></iframe>
<h2>Plain text</h2><pre>${escapeHtml(message.text)}</pre>${headers ? `<h2>Headers</h2><pre>${headers}</pre>` : ""}`,
  );
}
