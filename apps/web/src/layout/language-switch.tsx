import { Menu, UnstyledButton } from '@mantine/core';
import type { Language } from '@solar/shared';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, UI_LANGUAGES } from '../i18n';
import classes from './language-switch.module.css';

interface LanguageSwitchProps {
  /** Class of the trigger button (the sidebar's item style); without one, a plain top-bar button. */
  className?: string;
  /** Icon and language code only. */
  collapsed?: boolean;
  /** Called after the interface switched (the sidebar keeps the choice on the user's profile). */
  onChosen?: (language: Language) => void;
}

/** Menu of every shipped language; the choice is stored in the browser's `preferredLanguage`. */
export function LanguageSwitch({ className, collapsed = false, onChosen }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = t(`language.${language}`);
  return (
    <Menu position={collapsed ? 'right-end' : 'top-start'} shadow="md" width={180}>
      <Menu.Target>
        <UnstyledButton
          className={className ?? classes.button}
          data-testid="language-switch"
          aria-label={`${t('language.switch')}: ${name}`}
        >
          <IconLanguage size={20} stroke={1.6} aria-hidden />
          <span aria-hidden>{collapsed ? language.toUpperCase() : name}</span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {UI_LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            data-testid={`language-${code}`}
            onClick={() => void changeLanguage(code).then(() => onChosen?.(code))}
            rightSection={code === language ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={code === language ? 'true' : undefined}
          >
            {t(`language.${code}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
