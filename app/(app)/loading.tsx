// A signed-in page's instant answer to a click while its data comes ("Loading" first); the
// router prefetches this state, so a navigation never waits on a blank page.
export default function Loading() {
  return (
    <p role="status" className="mx-auto max-w-6xl px-4 py-16 text-center text-muted-foreground sm:px-6">
      Loading
    </p>
  );
}
