export function ForgotPasswordPage() {
  return <p className="p-6 text-muted">ForgotPasswordPage</p>;
}

