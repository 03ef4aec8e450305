import { Fragment } from 'react';

/** Stands for the address in the translated sentence, so the address can be laid out on its own. */
export const EMAIL_MARK = '\uE000';

/**
 * A translated sentence with the parent's e-mail address in it, the address kept whole: it moves to
 * a line of its own rather than break at a hyphen or mid-word, and wraps only if it is longer than
 * the line itself. Left to right inside right-to-left text.
 */
export default function EmailInText({
  text,
  email,
  className,
}: {
  text: string;
  email: string;
  className?: string;
}) {
  const parts = text.split(EMAIL_MARK);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <bdi dir="ltr" className={className}>
              {email}
            </bdi>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
