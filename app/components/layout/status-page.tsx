import type * as React from "react";

/** The frame of the 404 and 500 pages: a large code, a heading, a text and actions. */
export function StatusPage({
  code,
  title,
  text,
  children,
}: {
  code: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl" aria-hidden="true">
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
