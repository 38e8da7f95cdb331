// Types of tracking-link.mjs (plain JavaScript, run in the extractor child process).

/** The List-Post and List-URL web addresses of a mail. */
export type MailLists = { listPost: string | null; listUrl: string | null };

/** Whether `url` is a click-tracking redirect (Substack, Mailgun, Mailchimp, SendGrid) rather than a page. */
export declare function isTrackingRedirect(url: string): boolean;
/** The newsletter's own post address from its List-Post header or a "/p/" link under its List-URL, or null. */
export declare function postAddress(mail: MailLists, html: string): string | null;
/** The address a newsletter is saved at: its web version unless that is a tracking redirect. */
export declare function savedWebVersion(webVersionUrl: string | null, mail: MailLists, html: string): string | null;
