// Command-line scripts run the server's own modules outside Next; "server-only" guards against
// bundling them into client code and has nothing to guard here.
export {};
