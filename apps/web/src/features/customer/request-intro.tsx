import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './customer-request.module.css';
import { type PartnerLink, subtitleKeyOf } from './partner-link';
import { NAMED_NOTE_LINES, PartnerNote } from './partner-note';

/**
 * Under the request page's title: the subtitle, and for a partner link the note on who gets the request
 * (partner-note.tsx). The subtitle promises the installers nearby only when the request goes to them
 * (`subtitleKeyOf`). With a partner link the block is, from the first render, as tall as the tallest of
 * the texts the look-up can end with: hidden copies of each ending share its grid cell. The named note
 * is counted at one line, as a name mostly takes: its second line, which only a long name needs, hangs
 * into the space below the block (`introLive`) rather than being kept blank under every short name. The
 * other endings' last line may hang there too (`introHanging`): on a phone the nearby subtitle and the
 * note of a link no company has take a line or two more than the named note, and held whole they left a
 * blank line under every short name. So nothing below moves when the look-up answers, whatever the
 * name's length or the screen's width, and a short name leaves no gap (on a phone, at most a few pixels
 * where the longer ending is more than a line taller).
 */
export function RequestIntro({ link }: { link: PartnerLink }) {
  const { t } = useTranslation('customer');
  const subtitle = (
    <Text c="dimmed" data-testid="request-subtitle">
      {t(subtitleKeyOf(link))}
    </Text>
  );
  if (link.status === 'none') return <div className={classes.intro}>{subtitle}</div>;
  // What the look-up can end with: a company (named in one line, the rest of its NAMED_NOTE_LINES
  // hanging below), a failed look-up, or no company with the link.
  const endings = [
    { key: 'found', subtitle: t('subtitlePartner'), note: lines(NAMED_NOTE_LINES - HANGING_LINES) },
    { key: 'unresolved', subtitle: t('subtitlePartner'), note: t('partnerNote'), hangs: true },
    { key: 'unknown', subtitle: t('subtitle'), note: t('partnerNotFound'), hangs: true },
  ];
  return (
    <div className={`${classes.intro} ${classes.introReserved}`}>
      <div className={classes.introLive}>
        {subtitle}
        <div className={classes.partnerNote}>
          <PartnerNote link={link} />
        </div>
      </div>
      {endings.map((ending) => (
        <div
          key={ending.key}
          className={ending.hangs ? `${classes.introSpacer} ${classes.introHanging}` : classes.introSpacer}
          aria-hidden
        >
          <Text c="dimmed">{ending.subtitle}</Text>
          <Text size="sm" className={classes.partnerNote}>
            {ending.note}
          </Text>
        </div>
      ))}
    </div>
  );
}

/**
 * The named note's lines that may hang below the block (the `margin-bottom` of `.introLive` and
 * `.introHanging`): the space between the block and the form (32 px) takes one line of the note (20 px).
 */
export const HANGING_LINES = 1;

/** `count` empty lines of text (shown as lines by the spacer's `white-space: pre-line`), for their height. */
function lines(count: number): string {
  return Array.from({ length: count }, () => '\u00a0').join('\n');
}
