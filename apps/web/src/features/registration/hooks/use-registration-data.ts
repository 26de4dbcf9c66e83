import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@bourse/contract';
import { readRegistrationData, type RegistrationData } from '../lib/registration-storage';

/** The saved registration answers, read once when the screen opens. */
export function useRegistrationData(): RegistrationData | null {
  const [data] = useState(readRegistrationData);
  return data;
}

/** SPEC §5: a later step without saved data says so and sends the visitor to /signup. */
export function useRequiredRegistrationData(): RegistrationData | null {
  const data = useRegistrationData();
  const navigate = useNavigate();
  useEffect(() => {
    if (data) return;
    toast.error(messages.registrationIncomplete, { id: 'registration-incomplete' });
    navigate('/signup', { replace: true });
  }, [data, navigate]);
  return data;
}
