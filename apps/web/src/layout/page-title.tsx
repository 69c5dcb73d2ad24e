import { Title, type TitleProps } from '@mantine/core';
import classes from './page-title.module.css';

/**
 * A page's own title, its one h1 (the header's 'Solar Project' is not a heading), drawn at the h2 size
 * the pages' titles have. After a page change the app shell puts the focus here (`lib/page-focus.ts`),
 * so it can take the focus without being a Tab stop.
 */
export function PageTitle({ className, ...props }: Omit<TitleProps, 'order'>) {
  return (
    <Title
      order={1}
      size="h2"
      tabIndex={-1}
      className={className ? `${classes.title} ${className}` : classes.title}
      {...props}
    />
  );
}
