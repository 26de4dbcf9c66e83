import { msg } from '@/i18n/i18n';

/**
 * Every question and answer of the appropriateness test, marked for the catalogue: the contract
 * keeps them as data, with their English text as the key, and the questionnaire shows them with
 * `t(text)`. A test keeps this list equal to the contract's texts.
 */
export const appropriatenessTexts: readonly string[] = [
  msg('What do you hold when you open a CFD position?'),
  msg('The share, currency or commodity itself'),
  msg('A contract that pays the difference in the price between opening and closing'),
  msg('I don’t know'),
  msg('With leverage of 1:10 you open a position worth 10,000 USD with 1,000 USD of margin. The price moves 5% against you. What is your loss?'),
  msg('50 USD'),
  msg('500 USD, half of the margin'),
  msg('Nothing until I close the position'),
  msg('The margin level of your account falls to the close-out level of 50%. What happens?'),
  msg('Positions are closed automatically at a loss, the largest loss first'),
  msg('Nothing: positions stay open until I close them'),
  msg('The provider lends me money to keep them open'),
  msg('How much can you lose on a leveraged CFD position?'),
  msg('No more than the profit I have made'),
  msg('More than the margin I put up, up to the whole balance of my account'),
  msg('Nothing: my money is protected'),
  msg('How long have you traded leveraged products (CFDs, forex, futures or options)?'),
  msg('Never'),
  msg('Less than a year'),
  msg('One to three years'),
  msg('More than three years'),
  msg('How many trades in such products did you make in the last 12 months?'),
  msg('None'),
  msg('1 to 10'),
  msg('11 to 40'),
  msg('More than 40'),
  msg('Do you have an education or work experience relevant to trading financial instruments?'),
  msg('Neither'),
  msg('A relevant qualification or course'),
  msg('Work in the financial sector in a role involving derivatives'),
];
