export function Footer() {
  return <footer className="py-4 text-center text-xs text-muted-foreground">Powered by Edutech Digital Solutions</footer>;
}
