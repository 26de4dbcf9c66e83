import { Navigate } from 'react-router';

export const DepositRedirect = () => <Navigate to="/main/deposit/bitcoin" replace />;
export { VerificationPage } from '@/features/verification/verification-page';
export { PersonalPage } from '@/features/personal/personal-page';
