import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ordersDe as t } from "~/i18n/orders.de";
import type { OrderPage } from "../queries.server";
import { OrderActions } from "./order-actions";
import { OrderInvoice } from "./order-view";

const ORDER = "0b7c6f7e-0000-4000-8000-000000000001";
const INVOICE = "0b7c6f7e-0000-4000-8000-000000000002";

function orderPage(over: Partial<OrderPage>): OrderPage {
  return {
    id: ORDER,
    party: "buyer",
    status: "requested",
    serviceId: null,
    serviceTitle: "Logo",
    priceUnit: "fixed",
    unitPrice: "238.00",
    quantity: "1",
    total: "238.00",
    requirements: "Ein Logo.",
    desiredDate: null,
    declineReason: null,
    createdAt: "2026-01-01T10:00:00.000Z",
    autoCompleteAt: null,
    buyer: { name: "Berta Kundin", username: null, deleted: false },
    seller: { name: "Sven Anbieter", username: null, deleted: false },
    timeline: [],
    actions: [],
    invoice: null,
    conversationId: null,
    billingMissing: false,
    review: null,
    ...over,
  };
}

const unpaidInvoice = {
  id: INVOICE,
  number: "RE-2026-0001",
  issuedOn: "2026-01-05",
  gross: "238.00",
  net: "200.00",
  vat: "38.00",
  vatRate: 19,
  smallBusiness: false,
  paidAt: null,
  url: `/orders/${ORDER}/rechnung`,
};

/** The server's HTML of a part of the order page at `path` (what a browser without JavaScript gets). */
function html(element: ReactElement, path = `/orders/${ORDER}`) {
  const router = createMemoryRouter([{ path: "/orders/:id", element }], { initialEntries: [path] });
  return renderToStaticMarkup(<RouterProvider router={router} />).replace(/&amp;/g, "&");
}

/** The forms of the markup: method, action, hidden fields and the buttons' texts. */
function forms(markup: string) {
  return [...markup.matchAll(/<form([^>]*)>(.*?)<\/form>/g)].map(([, attributes, body]) => ({
    method: /method="([^"]*)"/.exec(attributes!)?.[1],
    action: /action="([^"]*)"/.exec(attributes!)?.[1],
    fields: Object.fromEntries([...body!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)].map(([, name, value]) => [name, value])),
    buttons: [...body!.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map(([, text]) => text),
  }));
}

/** The opening tag of the button with this text. */
function buttonTag(markup: string, text: string) {
  return [...markup.matchAll(/(<button[^>]*>)(.*?)<\/button>/g)].find(([, , inner]) => inner === text)?.[1];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const path = `/orders/${ORDER}`;

describe("final order steps ask first", () => {
  it.each([
    ["withdraw", orderPage({ party: "buyer", status: "requested", actions: ["withdraw"] }), t.actions.withdraw],
    ["complete", orderPage({ party: "buyer", status: "delivered", actions: ["revise", "complete"] }), t.actions.complete],
  ] as const)("%s: the button only opens the confirmation, also before the page has hydrated", (intent, order, label) => {
    const markup = html(<OrderActions order={order} />);
    const step = forms(markup).find((form) => form.buttons.includes(label));
    // A GET form: clicking without JavaScript opens the confirmation, it never posts the step.
    expect(step).toEqual({ method: "get", action: `${path}#bestaetigen-${intent}`, fields: { bestaetigen: intent }, buttons: [label] });
    expect(forms(markup).some((form) => form.method === "post" && form.fields.intent === intent)).toBe(false);
    expect(buttonTag(markup, label)).toMatch(/type="submit".*aria-haspopup="dialog"/);
  });

  it.each([
    ["withdraw", orderPage({ party: "buyer", status: "requested", actions: ["withdraw"] }), t.actions.withdraw, t.actions.withdrawConfirm, t.actions.withdrawConfirmSubmit],
    ["complete", orderPage({ party: "buyer", status: "delivered", actions: ["revise", "complete"] }), t.actions.complete, t.actions.completeConfirm, t.actions.completeConfirmSubmit],
  ] as const)("%s: ?bestaetigen shows the confirmation in place of the button, with the real form and a way back", (intent, order, label, title, submit) => {
    const markup = html(<OrderActions order={order} />, `${path}?bestaetigen=${intent}#bestaetigen-${intent}`);
    expect(markup).toMatch(new RegExp(`<div id="bestaetigen-${intent}" role="group" aria-labelledby="([^"]+)" aria-describedby="([^"]+)"[^>]*><h3 id="\\1"[^>]*>${escape(title)}</h3><p id="\\2"`));
    expect(forms(markup).filter((form) => form.fields.intent === intent)).toEqual([{ method: "post", action: path, fields: { intent }, buttons: [submit] }]);
    expect(markup).not.toContain(`>${label}</button>`);
    expect(markup).toMatch(new RegExp(`<a [^>]*href="${path}"[^>]*>${t.actions.confirmCancel}</a>`));
  });

  it("shows no confirmation for a step the order no longer offers (the answer's page after confirming)", () => {
    const markup = html(<OrderActions order={orderPage({ status: "cancelled", actions: [] })} />, `${path}?bestaetigen=withdraw`);
    expect(markup).not.toContain(t.actions.withdrawConfirm);
    expect(forms(markup)).toEqual([]);
    // Another step's confirmation in the URL confirms nothing here: the offered step keeps its own button.
    const other = html(<OrderActions order={orderPage({ party: "buyer", status: "delivered", actions: ["revise", "complete"] })} />, `${path}?bestaetigen=withdraw`);
    expect(other).not.toContain(t.actions.withdrawConfirm);
    expect(other).toContain(`>${t.actions.complete}</button>`);
    expect(forms(other).filter((form) => form.method === "post" && form.fields.intent === "withdraw")).toEqual([]);
  });

  it("marking the invoice paid asks too, and the confirmation posts the invoice's id", () => {
    const order = orderPage({ party: "seller", status: "completed", invoice: unpaidInvoice });
    expect(forms(html(<OrderInvoice order={order} />))).toEqual([
      { method: "get", action: `${path}#bestaetigen-markPaid`, fields: { bestaetigen: "markPaid" }, buttons: [t.invoice.markPaid] },
    ]);
    const confirming = html(<OrderInvoice order={order} />, `${path}?bestaetigen=markPaid`);
    expect(confirming).toContain(t.invoice.markPaidConfirm);
    expect(forms(confirming)).toEqual([{ method: "post", action: path, fields: { intent: "markPaid", invoiceId: INVOICE }, buttons: [t.invoice.markPaidConfirmSubmit] }]);
    // The buyer has nothing to mark, whatever the address says.
    expect(forms(html(<OrderInvoice order={{ ...order, party: "buyer" }} />, `${path}?bestaetigen=markPaid`))).toEqual([]);
  });

  it("declining keeps its form with the reason (checked by the browser) and asks in a dialog before sending", () => {
    const markup = html(<OrderActions order={orderPage({ party: "seller", status: "requested", actions: ["accept", "decline"] })} />);
    const decline = forms(markup).find((form) => form.fields.intent === "decline");
    expect(decline).toMatchObject({ method: "post", buttons: [t.actions.declineSubmit] });
    expect(markup).toMatch(/<textarea[^>]*name="reason"[^>]*required/);
    expect(buttonTag(markup, t.actions.declineSubmit)).toMatch(/type="submit".*aria-haspopup="dialog"/);
    // Accepting is the step the buyer asked for and stays one click.
    expect(forms(markup).find((form) => form.fields.intent === "accept")).toMatchObject({ method: "post", buttons: [t.actions.accept] });
  });

  it("words each confirming button unlike every step's button, so either is found by its name alone", () => {
    const steps = [t.actions.withdraw, t.actions.decline, t.actions.declineSubmit, t.actions.complete, t.invoice.markPaid];
    const confirms = [t.actions.withdrawConfirmSubmit, t.actions.declineConfirmSubmit, t.actions.completeConfirmSubmit, t.invoice.markPaidConfirmSubmit];
    for (const confirm of confirms) {
      for (const step of steps) {
        expect(confirm.toLowerCase().includes(step.toLowerCase()) || step.toLowerCase().includes(confirm.toLowerCase())).toBe(false);
      }
    }
  });
});
