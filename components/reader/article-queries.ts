import { type QueryState, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/fetcher";
import { articleKey } from "@/lib/client/query-keys";
import {
  ARTICLE_POLL_MS,
  type AnywayStep,
  type ArticleReadiness,
  anywayStep,
  preparationOver,
  readArticleAnswer,
} from "@/lib/client/article-wait";

// The reader's waits on a link's article, through the query cache (articleKey). Each wait is its
// own: the entry goes once nothing waits on it (gcTime 0), so a later wait never starts from an
// answer an earlier one read. Checks go on in a hidden tab, as the reader's own timers did.

async function readArticle(linkId: string): Promise<ArticleReadiness> {
  const [path] = articleKey(linkId);
  return readArticleAnswer(await (await apiRequest("GET", path)).json());
}

/**
 * While the article is being prepared: checked at once, then every ARTICLE_POLL_MS (a failed check
 * too) until it is ready or unavailable. True once a check made here says so.
 */
export function usePreparationOver(linkId: string): boolean {
  const query = useQuery({
    queryKey: articleKey(linkId),
    queryFn: () => readArticle(linkId),
    refetchOnMount: "always",
    refetchInterval: (current) => (preparationOver(current.state.data) ? false : ARTICLE_POLL_MS),
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  return query.isFetchedAfterMount && preparationOver(query.data);
}

/** Before the first check after asking: the article is being prepared again. */
const ASKED: ArticleReadiness = { status: "pending", reason: undefined };

const stepOf = (state: QueryState<ArticleReadiness> | undefined): AnywayStep =>
  state
    ? anywayStep(state.dataUpdateCount + state.errorUpdateCount, state.status === "error" ? undefined : state.data)
    : "wait";

/**
 * After "Show the page's text anyway" was asked (`waiting`): the article is checked every
 * ARTICLE_POLL_MS, the first one interval after asking, until anywayStep says to stop. `restart`
 * starts the count of checks again, for a new ask; call it before `waiting` turns true.
 */
export function useAnywayWait(linkId: string, waiting: boolean): { step: AnywayStep; restart: () => Promise<void> } {
  const queryClient = useQueryClient();
  const key = articleKey(linkId);
  useQuery({
    queryKey: key,
    queryFn: () => readArticle(linkId),
    enabled: waiting,
    initialData: ASKED,
    refetchInterval: (current) => (stepOf(current.state) === "wait" ? ARTICLE_POLL_MS : false),
    refetchIntervalInBackground: true,
    gcTime: 0,
    // Every check counts, even one answering what the last did.
    notifyOnChangeProps: "all",
  });
  return {
    step: stepOf(queryClient.getQueryState<ArticleReadiness>(key)),
    // Back to ASKED with no checks counted; nothing refetches, as the query is not enabled yet.
    restart: () => queryClient.resetQueries({ queryKey: key, exact: true }),
  };
}
