// Product constants shared by pages, emails and the server.
export const SITE_NAME = "LinkStash";
export const SITE_TAGLINE = "Stash links now, Read them later";
