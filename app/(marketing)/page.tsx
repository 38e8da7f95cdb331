export default function LandingPage() {
  return <h1>Stash links now, Read them later</h1>;
}
