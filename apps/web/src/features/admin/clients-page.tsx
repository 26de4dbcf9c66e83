export function ClientsPage() {
  return <p className="p-6 text-muted">ClientsPage</p>;
}

