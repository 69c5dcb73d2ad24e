import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSun } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../layout/language-menu';
import topBarLanguage from '../../layout/language-switch.module.css';
import classes from './auth-layout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** Frame of the public pages: brand panel, language switch, and a card with the form. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <div className={classes.page}>
      <aside className={classes.brand} aria-hidden>
        <span className={classes.brandName}>
          <IconSun size={30} color="#f59e0b" />
          {t('app.name')}
        </span>
        <p className={classes.tagline}>{t('app.tagline')}</p>
        <span />
      </aside>
      <div className={classes.formSide}>
        <div className={classes.topBar}>
          <LanguageMenu className={topBarLanguage.button} />
        </div>
        <main className={classes.center}>
          <Paper className={classes.card} p="xl" shadow="sm">
            <Stack gap="lg">
              <div>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" mt={6}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </main>
      </div>
    </div>
  );
}
