// How much one book may take: links, images, bytes and time (docs/product.md, "E-reader").

export type BookLimits = {
  /** Images kept from one article; the rest show their alt text. */
  imagesPerArticle: number;
  /** Images kept in the whole book. */
  imagesPerBook: number;
  /** One image's bytes: a larger image is left out, not cut. */
  bytesPerImage: number;
  /** All images' bytes together. */
  imageBytesPerBook: number;
  /** How long the book may spend fetching images; after that the rest show their alt text. */
  imageFetchMs: number;
  /** Images fetched at once. */
  imageFetchConcurrency: number;
  /** The finished file's bytes: a longer book fails with BookTooLargeError. */
  bookBytes: number;
};

/** The most links in one book: History's filters can select many more. */
export const MAX_BOOK_LINKS = 500;

export const BOOK_LIMITS: BookLimits = {
  imagesPerArticle: 30,
  imagesPerBook: 400,
  bytesPerImage: 2 * 1024 * 1024,
  imageBytesPerBook: 40 * 1024 * 1024,
  imageFetchMs: 60_000,
  imageFetchConcurrency: 4,
  bookBytes: 100 * 1024 * 1024,
};

export class BookTooLargeError extends Error {
  constructor(limit: number) {
    super(`The book is larger than ${Math.round(limit / (1024 * 1024))} MB.`);
    this.name = "BookTooLargeError";
  }
}

/** Of those, how many one user's requests may hold (a download and a Kindle send, say). */
export const BOOK_BUILDS_PER_USER = 2;

/** How long a request waits for a free build before it is answered 503. */
export const BOOK_BUILD_WAIT_MS = 15_000;

/** What a refused request is told to wait (Retry-After) before trying again. */
export const BOOK_BUILD_RETRY_SECONDS = 30;
