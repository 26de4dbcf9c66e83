import { Link } from 'react-router';

/** "Log in here": to the root, and on small screens to the root with type=basic (SPEC §2). */
export function LoginHereLink() {
  const className = 'font-semibold text-brand hover:underline';
  return (
    <p className="text-center text-sm text-muted">
      Already have an account?{' '}
      <Link to="/" className={`hidden md:inline ${className}`}>
        Log in here
      </Link>
      <Link to="/?type=basic" className={`md:hidden ${className}`}>
        Log in here
      </Link>
    </p>
  );
}
