export function AutoLoginPage() {
  return <p className="p-6 text-muted">AutoLoginPage</p>;
}

