/** The plural rules live in @shop/shared (the API's messages and e-mails use them too). */
export { pluralForm, PLURAL_FORMS, type PluralForm } from '@shop/shared';
