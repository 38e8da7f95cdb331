// Click-tracking redirects in newsletters (decision 0381): addresses that only send the reader on
// after telling the sender who clicked (they carry the subscriber's id), never a newsletter's
// address. Pure; run in the extractor's child process.
import { scanAddresses } from "./mail-scan.mjs";

/**
 * The List-Post and List-URL web addresses of a mail.
 * @typedef {{ listPost: string | null; listUrl: string | null }} MailLists
 */

/**
 * Whether a host, split into `labels`, is a Mailgun click-tracking host: "email.mg.<domain>" or
 * "email.mg2.<domain>".
 * @param {string[]} labels
 */
function isMailgunTrackingHost(labels) {
  const second = labels[1] ?? "";
  if (labels.length < 4 || labels[0] !== "email" || !second.startsWith("mg")) return false;
  for (const character of second.slice(2)) if (character < "0" || character > "9") return false;
  return true;
}

/**
 * Whether `url` is a click-tracking redirect (Substack, Mailgun, Mailchimp, SendGrid) rather than a page.
 * @param {string} url
 * @returns {boolean}
 */
export function isTrackingRedirect(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  const path = parsed.pathname.toLowerCase();
  const under = (/** @type {string} */ domain) => host === domain || host.endsWith(`.${domain}`);
  return (
    (under("substack.com") && path.startsWith("/redirect/")) ||
    isMailgunTrackingHost(host.split(".")) ||
    (under("list-manage.com") && path.startsWith("/track/click")) ||
    (under("sendgrid.net") && path.startsWith("/ls/click"))
  );
}

/**
 * `url` as an http(s) address without its query and fragment, or null.
 * @param {string} url
 */
function bare(url) {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    parsed.search = "";
    parsed.hash = "";
    return parsed.href;
  } catch {
    return null;
  }
}

/**
 * The newsletter's own address when its "view in browser" link is a tracking redirect: its List-Post
 * header, else the first link of its HTML to a post ("/p/…") under its List-URL, without the query
 * that says who clicked; null when the mail names none.
 * @param {MailLists} mail
 * @param {string} html
 * @returns {string | null}
 */
export function postAddress(mail, html) {
  const post = mail.listPost ? bare(mail.listPost) : null;
  if (post && !isTrackingRedirect(post)) return post;
  const site = mail.listUrl ? bare(mail.listUrl) : null;
  if (!site || isTrackingRedirect(site)) return null;
  const prefix = `${site.endsWith("/") ? site : `${site}/`}p/`;
  for (const { start, end } of scanAddresses(html, "<>\"'`").found) {
    const found = bare(html.slice(start, end).replaceAll("&amp;", "&"));
    if (found?.startsWith(prefix) && found.length > prefix.length) return found;
  }
  return null;
}

/**
 * The address a newsletter is saved at: its web version unless that is a tracking redirect.
 * @param {string | null} webVersionUrl
 * @param {MailLists} mail
 * @param {string} html
 * @returns {string | null}
 */
export function savedWebVersion(webVersionUrl, mail, html) {
  if (webVersionUrl === null || !isTrackingRedirect(webVersionUrl)) return webVersionUrl;
  return postAddress(mail, html);
}
