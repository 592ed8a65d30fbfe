CREATE INDEX "payment_pending_idx" ON "payment" USING btree ("created_at") WHERE "payment"."status" = 'pending';
