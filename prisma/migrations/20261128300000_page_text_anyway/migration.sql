-- The owner asked for the text of a page that does not look like an article (decision 0334).
ALTER TYPE "PageWorkKind" ADD VALUE 'anyway';
