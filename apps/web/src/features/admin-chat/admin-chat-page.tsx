export function AdminChatPage() {
  return <p className="p-6 text-muted">AdminChatPage</p>;
}

