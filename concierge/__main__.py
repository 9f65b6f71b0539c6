from concierge.cli.entry import main

raise SystemExit(main())
