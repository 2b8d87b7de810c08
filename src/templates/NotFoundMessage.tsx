/** A 404 view: the code, a heading, one sentence and the way home. */
export function NotFoundMessage({
  view,
  isHidden,
  heading,
  text,
  homeHref,
}: {
  view: string;
  isHidden: boolean;
  heading: string;
  text: string;
  homeHref: string;
}) {
  return (
    <section className="not-found" data-view={view} hidden={isHidden}>
      <div className="container">
        <p className="not-found-code">404</p>
        <h1>{heading}</h1>
        <p>{text}</p>
        <p>
          <a className="button button-primary" href={homeHref}>
            Kembali ke Beranda
          </a>
        </p>
      </div>
    </section>
  );
}
