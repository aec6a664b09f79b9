-- Old webhook messages go with their deliveries and attempts (WEBHOOK_LOG_DAYS). Each removal
-- cascades by message to its deliveries and by delivery to their attempts: each step needs an index
-- that leads with its key, or it reads the whole table once per row removed. A delivery's attempts get
-- one of their own; a message's deliveries are found by the unique index of a message per
-- subscription, now led by the message (no extra index for every delivery written to maintain).
DROP INDEX "webhook_deliveries_message_idx";--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_subscription_idx" ON "webhook_deliveries" USING btree ("message_id","subscription_id");