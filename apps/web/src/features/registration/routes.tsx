import { CountryStepPage } from './components/country-step-page';
import { RegisterPage } from './components/register-page';
import { SignupPage } from './components/signup-page';

/** /signup: registration step one. */
export function SignupRoute() {
  return <SignupPage />;
}

/** /register: full, step-one or single-page form depending on `r_page`. */
export function RegisterRoute() {
  return <RegisterPage />;
}

/** /register/country-residence: registration step two. */
export function CountryRoute() {
  return <CountryStepPage />;
}
