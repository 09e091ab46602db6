-- Reserved for one change set; replaced by its statements.
SELECT 1;
