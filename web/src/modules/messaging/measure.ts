import { SMS_NAME_CHARS, SMS_PATH, smsConfigAnswer, smsLength, smsParts } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../platform/http';

/** Measures texts as the server counts them (contract `smsParts`), the company's signature and a salutation included. */
export function useMeasurer() {
  const config = useQuery({
    queryKey: ['sms-config'],
    queryFn: ({ signal }) => http.read(smsConfigAnswer, `${SMS_PATH}/smsconfig`, {}, { signal }),
  });
  const signature = config.data?.signature ?? '';
  return (content: string, salutation = false) => {
    const text = `${salutation ? `${'某'.repeat(SMS_NAME_CHARS)}，` : ''}${content.replaceAll('{name}', '某'.repeat(SMS_NAME_CHARS))}${signature}`;
    return { signature, length: smsLength(text), parts: smsParts(text) };
  };
}

/** Characters and parts of one text. */
export function useMeasure(content: string, salutation: boolean) {
  return useMeasurer()(content, salutation);
}
