import { Navigate, Link } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { PageHeader } from '@/components/page-header';

/**
 * Client-area screens whose content the operator provides through support for now: each says
 * what the screen is for and how to get it done today.
 */
function SupportScreen({ title, text }: { title: string; text: string }) {
  return (
    <>
      <PageHeader title={title} />
      <section className="max-w-2xl rounded-xl border border-line bg-panel p-6 text-sm leading-relaxed text-muted">
        <p>{text}</p>
        <Link to="/main/chat" className="mt-4 inline-flex items-center gap-2 font-medium text-brand hover:underline">
          <MessageCircle className="size-4" aria-hidden /> Contact support in the chat
        </Link>
      </section>
    </>
  );
}

export const DepositRedirect = () => <Navigate to="/main/deposit/bitcoin" replace />;
export const DepositPage = () => <SupportScreen title="Deposit" text="Funding of live accounts is handled by our payments team. Tell support the amount and method you prefer and they will send you the instructions." />;
export const WithdrawalPage = () => <SupportScreen title="Withdrawal" text="Withdrawals are processed by our payments team after identity checks. Ask support with the amount and destination." />;
export const VerificationPage = () => <SupportScreen title="Verification" text="Identity verification is done with the Client Management Team. Send your documents through the support chat, where attachments are accepted." />;
export const SavingsPage = () => <SupportScreen title="Savings" text="Savings plans are offered on request. Ask support for the current rates." />;
export const PersonalPage = () => <SupportScreen title="Personal Details" text="To change your name, phone or address, message support: changes to personal details are checked by the Client Management Team." />;
export const SettingsPage = () => <SupportScreen title="Settings" text="Password changes are made with the Forgot password link on the login page; other account settings are changed by support." />;
export const TestPage = () => <SupportScreen title="Test" text="This screen checks that your account area loads." />;
