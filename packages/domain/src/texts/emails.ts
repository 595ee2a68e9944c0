import { textCatalogue } from './catalogue.js';

/**
 * The emails Hatid sends, in English and Filipino: the link that proves an email address (docs/decisions.md "Email
 * proof") and the invitation to a new staff or business account. Plain text; `{link}` on a line of its own so mail
 * apps make it clickable.
 */
export const EMAIL_TEXTS = textCatalogue(
  {
    'email_proof.subject': 'Confirm your email for Hatid',
    'email_proof.body':
      "Hello {firstName},\n\nOpen this link to confirm that {email} is your email for your Hatid account:\n{link}\n\nThe link works once, for {hours} hours. Your account's email changes only when you open it.\nIf you did not ask for this, ignore this email: nothing changes.",
    'invitation.subject': 'You are invited to Hatid',
    'invitation.body':
      'Hello {firstName},\n\n{inviter} invited you to Hatid as {roles}.\nSet your password to start: {link}\n\nThe link works once, for {days} days. If you did not expect this email, you can ignore it.',
  } as const,
  {
    'email_proof.subject': 'Kumpirmahin ang iyong email para sa Hatid',
    'email_proof.body':
      'Kumusta, {firstName}!\n\nBuksan ang link na ito para kumpirmahin na ang {email} ang email ng iyong Hatid account:\n{link}\n\nIsang beses lang gagana ang link, sa loob ng {hours} oras. Magbabago lang ang email ng account mo kapag binuksan mo ito.\nKung hindi ikaw ang humingi nito, huwag pansinin ang email na ito: walang magbabago.',
    'invitation.subject': 'Iniimbitahan ka sa Hatid',
    'invitation.body':
      'Kumusta, {firstName}!\n\nInimbitahan ka ni {inviter} sa Hatid bilang {roles}.\nI-set ang iyong password para makapagsimula: {link}\n\nIsang beses lang gagana ang link, sa loob ng {days} araw. Kung hindi mo inaasahan ang email na ito, puwede mo itong balewalain.',
  },
);
