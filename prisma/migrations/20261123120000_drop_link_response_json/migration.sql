-- The API's link JSON is built in one place again, toLinkResponse (decision 0181): the stored copy
-- repeated it field by field in SQL, could only change shape by a table rewrite, and took more
-- than half of an average row. Dropping a column only marks it dropped: no rewrite, a brief lock.
ALTER TABLE "Link" DROP COLUMN "responseJson";

DROP FUNCTION link_response_json(
  TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT[], TIMESTAMP(3), TIMESTAMP(3)
);
