-- The one-time token of the form that sent a message: a repeated post of the same form stores it once
-- (per sender and conversation; ADR 031).
ALTER TABLE "messages" ADD COLUMN "send_token" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_send_token_idx" ON "messages" USING btree ("sender_id","conversation_id","send_token") WHERE "messages"."send_token" is not null;