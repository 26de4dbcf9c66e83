export function SignupRoute() {
  return <p className="p-6 text-muted">SignupRoute</p>;
}

export function RegisterRoute() {
  return <p className="p-6 text-muted">RegisterRoute</p>;
}

export function CountryRoute() {
  return <p className="p-6 text-muted">CountryRoute</p>;
}

